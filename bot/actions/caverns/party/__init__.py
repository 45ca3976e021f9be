"""The party between battles (book l. 299-349): `/rest`, `/harmony`, `/market` and `/party`."""
