"""Tables of images written out as numbers, a grey image a row (FER2013's `pixels`, Sign Language
MNIST's CSVs): found at detection by opening the first few CSV and TSV tables, and the few loose
images at the top of SRC beside them that are illustrations, not data.

Detection forces the tables layout with images as the media where every table looked at is such a
table (`detect._detect_folder`), and a layout file reading them as texts is stopped
(`given_layout_checks.check_pixel_media`); the rows themselves are read by `converters/pixel_rows.py`.
"""

from __future__ import annotations

from shardify.beam_jobs.discover import pixel_label_tables
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import pixel_rows
from shardify.converters import tables as tables_lib
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.evidence import example_file

__all__ = ["check_label_columns", "illustrations", "pixel_tables"]


# Tables detection opens to look for images written out as numbers (converters/pixel_rows.py).
_PIXEL_TABLES_LOOKED_AT = 8


# Loose images at the top of SRC beside tables of images that are illustrations, not data (Sign
# Language MNIST's amer_sign2.png, amer_sign3.png, american_sign_language.PNG): at most this many.
_ILLUSTRATIONS = 4


def illustrations(sample: list[str]) -> list[str]:
    """The sample's images where they are a few loose files at the top of SRC, else [] (and [] where
    there are none)."""
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    return images if len(images) <= _ILLUSTRATIONS and all("/" not in p for p in images) else []


def pixel_tables(config: ConvertConfig, sample: list[str], illustrations: list[str]) -> list[str]:
    """The sampled CSV and TSV tables that hold a grey image a row written out as numbers (FER2013's
    `pixels`), when every table looked at does and no image lies beside them but a few illustrations
    at the top of SRC (the argument `illustrations`: what the function `illustrations` finds); else []."""
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    if images and images != illustrations:
        return []  # images beside the tables: those are the inputs (a table of vectors is no image)
    # a submission's format beside them (Digit Recognizer's `ImageId,Label`) is no table of the dataset
    looked = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not example_file(p)]
    # a table of labels named after a table of images (AHCD's csvTrainLabel beside csvTrainImages) is
    # that table's labels, not a table of its own (`pixel_label_tables.with_pixel_labels` pairs them)
    partners = set(pixel_label_tables.label_partners(looked, looked).values())
    looked = [p for p in looked if p not in partners][:_PIXEL_TABLES_LOOKED_AT]
    found = []
    for path in looked:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                if pixel_rows.is_pixel_table(fileobj, path, config.table_options):
                    found.append(path)
        except (OSError, InvalidInputError):
            return []
    return found if found and len(found) == len(looked) else []


def check_label_columns(config: ConvertConfig, tables: list[str]) -> None:
    """Stop before writing where a pixel table's label column is for the user to name (two columns of
    whole numbers, or of repeated words, beside its pixels): else every row was rejected, exit 1, after
    the run (fix27a).

    Raises:
      UsageError: naming the table, the candidate columns and `--label-column`.
    """
    for path in tables:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                header = tables_lib.read_header(fileobj, layout.extension(path), header=config.table_options.header,
                                                encoding=config.table_options.encoding)
            pixel_rows.pixel_columns(header.columns, header.sample, config.table_options)
        except OSError:
            continue  # unreadable now: the run rejects it, saying why
        except InvalidInputError as error:
            raise UsageError(f"{path}: {error}") from None
