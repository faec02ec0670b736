"""HTTP routers by area: the lobby (games, creating and listing tables) and one table."""
