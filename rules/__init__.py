"""Pawpost's game rules: pure, deterministic, no I/O. Dice are always passed in."""
