"""What every HTTP API of the service shares, owned by no domain app (as the HackSoft example
project keeps its `api/` package): the error envelope and the catalogue of error codes,
cursor pagination, the JSON parser and text checks, the request guard and the client's
address (middleware), the `Location` header, strict fields and bodies that refuse an
unknown field (`bodies`), CSV rendering, the heavy-read limit and the schema's common
errors. What is shared beyond HTTP (jobs, text rules, CSV cells) is `common`'s; this imports
nothing else of ours."""
