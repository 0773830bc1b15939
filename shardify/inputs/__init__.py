"""Reading untrusted inputs safely: opening files, parsing JSON, telling local paths from URLs."""
