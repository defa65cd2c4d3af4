"""What the apps share beyond HTTP: background jobs (`jobs`), the rules of free text and
their words in the reader's language (`text_rules`, pure; `free_text`), and CSV cells a
spreadsheet reads as text (`csv_cells`). The API's plumbing is `api_common`'s."""
