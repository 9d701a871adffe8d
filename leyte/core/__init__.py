"""Game-agnostic engine pieces: hex grids, dice, tables, the game/decision/action/event machinery and errors.

Nothing here knows any one game's dice, map numbering, turn structure or number of players.
"""
