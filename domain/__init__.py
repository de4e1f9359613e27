"""Tabletop's write side: pure games, the game-agnostic Table aggregate and the Tables application."""
