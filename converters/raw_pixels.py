"""Images stored as their pixels (`--store-pixels auto|always|never`): uint8, HWC, uncompressed.

Why: for CIFAR- and MNIST-sized images, decoding a PNG or JPEG costs the reader more than reading
its pixels would (zlib or the inverse DCT, per image, per epoch), and the pixels are few: CIFAR's
32x32x3 is 3,072 bytes against a ~2.3 KB PNG; and pixels of one shape are read a batch at a time
(`shardify.read.tf_pixels`), which no encoded image can be. Past a few thousand pixels it turns: the bytes grow
with the pixels and a photo's JPEG is a tenth of its pixels, so shards grow several times and
reading them costs more disk and page cache than decoding saves. `auto` therefore stores pixels
only for images of at most AUTO_MAX_PIXELS (64x64: Tiny ImageNet's size; CIFAR's and MNIST's are
well under it), `always` for every image, `never` (the default) for none: outputs read by tools
other than shardify's readers (a hand-written tf.data pipeline calling `decode_image`, TensorFlow
Datasets) need encoded images, and the default leaves every output as it was.

What is stored (the encoding itself is `contract.RAW_PIXELS_FORMAT`): the pixels TensorFlow would
decode the stored image to (`tf.io.decode_image(channels=0)`: 1, 2, 3 or 4 channels, as the
record's `image/channels` already said), decoded here by Pillow, in the orientation the file
holds them (`image/orientation` still says what they need, as for encoded images). An array
source's elements (CIFAR, MNIST, npz, HDF5, raw binaries) are stored as they are, with no PNG
between. Images of more than 8 bits a channel (16-bit PNGs, TIFFs) stay encoded: uint8 would lose
their low bits, and every reader reads either kind in one output. The bytes are a plain copy of
the pixels, so two runs write the same shards; for JPEGs they are libjpeg's decode of the file
through Pillow (the manifest records the options; Pillow's version fixes the decode).
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shardify.errors import InvalidInputError
from shardify.format import contract

if TYPE_CHECKING:
    import numpy as np

    from shardify.converters.images import StoredImage

__all__ = [
    "NEVER",
    "AUTO",
    "ALWAYS",
    "MODES",
    "AUTO_MAX_PIXELS",
    "StorePixels",
    "parse_store_pixels",
    "pixels_of_array",
    "pixels_of_stored",
]

NEVER, AUTO, ALWAYS = "never", "auto", "always"
MODES = (NEVER, AUTO, ALWAYS)
# `auto`'s limit, in pixels: 64x64 (Tiny ImageNet, downsampled ImageNet 64x64). At CIFAR's 32x32
# a raw record is 1.47x a PNG one and `shardify.load` reads it at 0.43x the CPU (docs/performance.md);
# the pixels' bytes grow with the image while a photo's encoded bytes grow far slower, so past a
# few thousand pixels the larger shards cost more than the decode saves (larger sizes not measured).
AUTO_MAX_PIXELS = 64 * 64
# Pillow's 8-bit modes, by the channels tf.io.decode_image(channels=0) gives.
_MODE_OF_CHANNELS = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}
_EIGHT_BIT_MODES = frozenset({"1", "L", "LA", "La", "P", "PA", "RGB", "RGBA", "RGBa", "RGBX", "CMYK", "YCbCr", "LAB", "HSV"})


@dataclass(frozen=True)
class StorePixels:
    """`--store-pixels MODE`: which images are stored as their pixels.

    Attributes:
      mode: NEVER, AUTO (images of at most AUTO_MAX_PIXELS) or ALWAYS.

    >>> StorePixels(AUTO).wants(32, 32), StorePixels(AUTO).wants(96, 96)
    (True, False)
    """

    mode: str = NEVER

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"--store-pixels {self.mode!r}: expected one of {', '.join(MODES)}")

    def __str__(self) -> str:
        return self.mode

    def __bool__(self) -> bool:
        return self.mode != NEVER

    def wants(self, width: int, height: int) -> bool:
        """An image stored at `width` x `height` is stored as its pixels."""
        return self.mode == ALWAYS or (self.mode == AUTO and width * height <= AUTO_MAX_PIXELS)


def parse_store_pixels(text: str) -> StorePixels:
    """'auto', 'always' or 'never' (any case).

    Raises:
      ValueError: anything else, naming the choices.
    """
    return StorePixels(str(text).strip().lower())


def pixels_of_array(element: np.ndarray) -> tuple[bytes, int, int, int]:
    """(pixel bytes, height, width, channels) of one array element, uint8 [H, W] or [H, W, C]:
    the element's own values in HWC order, no conversion."""
    import numpy as np

    height, width = element.shape[:2]
    channels = 1 if element.ndim == 2 else element.shape[2]
    return np.ascontiguousarray(element, dtype=np.uint8).tobytes(), height, width, channels


def pixels_of_stored(stored: StoredImage) -> StoredImage | None:
    """`stored` (an encoded image about to be written) as its pixels, or None where it stays
    encoded (more than 8 bits a channel). The source's size and hash are kept as `original`
    (`image/original/*`): the file's, where `stored` is a re-encode, else the stored bytes'.

    Raises:
      InvalidInputError: the stored bytes do not decode (they were checked: a bug or a race).
    """
    import dataclasses

    from PIL import Image

    from shardify.converters.images import ImageInfo

    channels = stored.info.channels
    try:
        with Image.open(io.BytesIO(stored.data)) as image:
            if image.mode not in _EIGHT_BIT_MODES or channels not in _MODE_OF_CHANNELS:
                return None
            image.seek(0)  # the first frame, as tf.io.decode_image(expand_animations=False)
            image.load()
            mode = _MODE_OF_CHANNELS[channels]
            if image.mode == "P" and mode in ("RGB", "RGBA"):  # a palette: its colours, as libpng expands them
                image = image.convert("RGBA" if "transparency" in image.info else "RGB")
            pixels = image if image.mode == mode else image.convert(mode)
            data = pixels.tobytes()
            width, height = pixels.size
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise InvalidInputError(f"its pixels cannot be read to store them raw: {error}") from None
    if len(data) != contract.raw_pixels_bytes(height, width, channels):  # Pillow gave another layout
        return None
    return dataclasses.replace(
        stored,
        data=data,
        info=ImageInfo(contract.RAW_PIXELS_FORMAT, height, width, channels),
        reencoded=True,
        original=stored.original or stored.info,
        original_sha256=stored.original_sha256 or hashlib.sha256(stored.data).hexdigest(),
    )
