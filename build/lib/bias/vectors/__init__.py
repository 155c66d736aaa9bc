"""Vectors in: the embedding type and its lookup, file readers, the cache, import, catalog."""
