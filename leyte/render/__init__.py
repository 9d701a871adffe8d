"""Pure rendering: maps and game positions to geometry and SVG strings. No widget or plotting imports here."""
