"""Game packages; each exposes ``RULES`` and is imported only when asked for (see ``leyte.core.registry``)."""
