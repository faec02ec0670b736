"""Simulation: many games between bots, and the figures that summarise them."""
