"""A club's transparency log in the C2SP formats, as pure Python (the standard library and
``cryptography``'s Ed25519): the RFC 6962 tree and its proofs (`tlog.merkle`), the tiles
(`tlog.tiles`), signed notes, checkpoints and cosignatures (`tlog.note`), receipts
(`tlog.proof`), and the standalone verifier (``python -m tlog``; `tlog.verify`,
`tlog.client`). No Django, no database: the service (`transparency`) and any player's
machine run the same checks.
"""
