"""Stop where the files that label the inputs (a label table, YOLO's labels/, an annotation file,
a classes list) lie inside an archive: the pipeline reads inputs out of archives, but reads the
files that label them from SRC's folder only.

Why: once detection looks into archives as into folders (`archive_heads`), it finds a zipped
export's annotations as it finds them unzipped, and the layout names them by their path inside the
archive; reading them then failed in the middle of the run ("cannot list the source folder
<zip's folder>/labels", a Label Studio export given as its zip with `--label-names`). A stop before
writing that says what to do is the honest outcome until annotations are read from archives too.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["check_archive_evidence"]


def _inside(path: str, archive_folders: Sequence[str], whole: bool) -> bool:
    return bool(path) and (whole or any(path.startswith(folder) for folder in archive_folders if folder))


def check_archive_evidence(
    detected: layout.SourceLayout, archive: str, archive_folders: Sequence[str] = (), *, labels_given: bool = False
) -> None:
    """Stop where the labels' files of `detected` lie inside an archive.

    Args:
      detected: the layout read from the sampled paths.
      archive: the archive SRC names ('' where SRC is a folder): then every file lies inside it.
      archive_folders: where SRC is a folder, the folders its archives read as ('name/').
      labels_given: `--labels FILE` named the label file: it lies where the user said, not in an archive.

    Raises:
      UsageError: naming the files and the archive, and what to do.
    """
    whole = bool(archive)
    if not whole and not any(archive_folders):
        return
    files = [detected.labels_file] if detected.labels_file and not labels_given else []
    for found in detected.evidence:
        files += [p for p in (found.path, found.names_file, found.ids) if p and not p.startswith("--")]  # (an option's value)
    inside = sorted({p for p in files if _inside(p, archive_folders, whole)})
    if not inside:
        return
    shown = ", ".join(inside[:3]) + (" and more" if len(inside) > 3 else "")
    where = archive or "read as " + ", ".join(sorted({f for f in archive_folders if f and any(p.startswith(f) for p in inside)}))
    raise UsageError(
        f"the files that label the inputs ({shown}) lie inside the archive {where}: shardify reads images and texts "
        "out of archives but reads labels, annotations and class lists only from folders: unpack the archive "
        "and convert the folder it unpacks to"
    )
