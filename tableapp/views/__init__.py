"""The app's pages, one module per area."""
