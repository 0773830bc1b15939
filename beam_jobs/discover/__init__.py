"""Discover: list the source, detect its layout, and turn each layout's files into Candidates and then Entries.

One module per layout family (`class_folders`, `tables`, `label_file`, `image_captions`, `webdataset`),
chosen by `find_inputs`; `detect` runs in the launcher before the pipeline is built; `stage` is the
Discover transform itself."""
