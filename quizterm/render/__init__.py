"""Text and Rich renderers for engine results (may import rich, never textual)."""
