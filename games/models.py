"""Database models for games. The rules engine in games/engine/ imports nothing from here."""
