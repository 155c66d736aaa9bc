"""Placeholder page (being written)."""

import streamlit as st

from pages.shared import sidebar

sidebar()
st.title("Coming soon")
