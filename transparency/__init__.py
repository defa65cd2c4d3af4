"""A transparency log per club (docs/transparency.md): a follower of the log grows each
club's RFC 6962 tree in C2SP tiles and signs checkpoints; the tiles and checkpoints are
served publicly, receipts and consistency proofs to the club's keys, and witnesses cosign."""
