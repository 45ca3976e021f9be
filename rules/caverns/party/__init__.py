"""The party between battles (book l. 299-349): its Short and Long Rests, Harmony and the
Harmony skills, the market, and the experience it gains, as pure rules."""
