"""Your own texts: corpus readers, tokenisers, the preview and gensim training (issue 32)."""
