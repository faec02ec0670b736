"""parlor: exact rules engines, bots, tables and simulations for four modern board games."""

__version__ = "0.1.0"
