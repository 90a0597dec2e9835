"""One small module per game; each defines one `Game` subclass."""
