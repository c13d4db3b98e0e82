"""The open API: personal access tokens, JSON reads, and the bot and board endpoints through
which outside programs play (docs/api.md)."""
