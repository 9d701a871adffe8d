"""Rulebook packages, one per game; each exposes ``RULES`` and is imported only when asked for (``core.registry``).

Named ``rulebooks`` rather than the ``games`` of the design notes: importing a ``leyte.games`` subpackage would
replace the public function ``leyte.games()`` with the package object.
"""
