"""What the app's two page apps share, below both (`tableapp`, the scorekeeper's and the
club's pages; `live`, the TV display and the players' phones), so that neither imports
the other: who is signed in (`access`), the game in the reader's words (`cards`, `words`,
`labels`) and the board a table's screens show, in those words (`board`). Not a Django
app: no models, templates or URLs of its own."""
