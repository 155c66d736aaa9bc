"""BiasWords discovery: nearest neighbours, part-of-speech tags, candidates, curation, new draws."""
