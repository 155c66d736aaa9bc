"""Embedding regression (Rodriguez, Spirling & Stewart 2023, APSR; the method of the R package
conText, written here from the papers' formulas): how the meaning of a word differs with the
covariates of the documents it is used in.

instances (every use of a target in a corpus, with its context window, conText's quick-start
pre-processing) → alc (each instance's à la carte embedding: the average of its context words'
vectors times a transform A, Khodak et al. 2018) → design (covariates as columns) → ols (the
coefficients, their robust standard errors, the bias-corrected squared norms of Green et al.
2025) → jackknife (leave one cluster out, in closed form) and permutations (one batched solve per
block of draws) → neighbours (what a group's embedding is near, the contexts nearest a
coefficient, the documents that move it most).

numpy only; nothing here reads a page's state or prints a sentence (bias/report words it).
"""
