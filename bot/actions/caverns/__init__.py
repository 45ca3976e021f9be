"""Caverns and Cloiers: the verbs of a party of adventurers outside battle."""
