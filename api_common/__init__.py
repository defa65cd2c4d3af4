"""What every API of the service shares, owned by no domain app (as the HackSoft example
project keeps its `api/` package): the error envelope and the catalogue of error codes,
cursor pagination, the JSON parser and text checks, the request guard (middleware), the
`Location` header, strict fields and bodies that refuse an unknown field (`bodies`), CSV
rendering, the schema's common errors, and the machinery of background jobs (`jobs`). It
imports nothing else of ours."""
