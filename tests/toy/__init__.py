"""Toy, a fifth ruleset kept under `tests/`: one stat (Luck), one check (d6 + Luck against a
DC) and one command group (`/luck`). The frame tests register it (`toy_registry`) to show that
a ruleset plugs in with no core file naming it: the console plays it, Discord's command tree
builds it, and the boundary and bad-input tests cover it by themselves."""
