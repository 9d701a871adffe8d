"""What the front ends draw for Clash of the Carriers: Imperial Sunset's face on Clash's map and views.

Imperial Sunset's face reads only a player's view, and Clash's view has the same shape (its TGs are the TF
records the face already draws), so Clash needs no drawing code of its own yet; this subclass exists so Clash's
own markers (the TF marker, island bases) have one place to go.
"""

from __future__ import annotations

from leyte.rulebooks.imperial_sunset.face import ImperialSunsetFace


class ClashFace(ImperialSunsetFace):
    """Clash of the Carriers' face (Imperial Sunset's, on Clash's map)."""
