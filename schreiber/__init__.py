"""schreiber: the scorekeeper for Tarock Königrufen."""

__version__ = "0.1.0"
