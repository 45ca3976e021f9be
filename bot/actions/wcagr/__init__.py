"""WCAGR's verbs: cats, checks and ability points, and its work on the game clock."""
