"""The ledger: postings and balances projected from the event log (reads events only)."""
