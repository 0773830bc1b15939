"""COCO-like annotation files that name their images by URL instead of by file name.

LVIS v1 (`lvis_v1_train.json`, `lvis_v1_val.json`) reuses COCO 2017's images and gives each one
`coco_url` (`http://images.cocodataset.org/train2017/000000391895.jpg`) and no `file_name`; its
users unpack COCO's `train2017/` and `val2017/` and read the URL's path as the file's (the LVIS
API's users, mmdetection and detectron2 do: `coco_url` less the host). LVIS's val images come
from both folders, so the folder a URL names is no split.

The URL is never fetched: its path (after the host, percent-escapes decoded) is the image's path
relative to SRC, and its last part the file name where the images lie elsewhere. A path that
climbs out (`..`), is empty, or a URL of another scheme (`file:`) names no image: the entry is
rejected with the reason.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from urllib.parse import unquote, urlsplit

__all__ = ["URL_FIELD", "image_path", "url_path", "url_keys"]

# The image field LVIS gives in place of COCO's file_name.
URL_FIELD = "coco_url"
_SCHEMES = ("http", "https")
_URL_PATTERN = re.compile(rb'"coco_url"\s*:\s*"((?:[^"\\]|\\.)*)"')


def url_path(url: str) -> tuple[str, str]:
    """(the image's path relative to SRC, "") for an http(s) URL, else ("", why not).

    >>> url_path("http://images.cocodataset.org/train2017/000000391895.jpg")
    ('train2017/000000391895.jpg', '')
    >>> url_path("http://images.cocodataset.org/../../etc/passwd")[1]
    "coco_url 'http://images.cocodataset.org/../../etc/passwd' climbs out of its folder (..): it names no image in SRC"
    """
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in _SCHEMES or not parts.netloc:
        return "", f"coco_url {url!r} is not an http(s) URL: it names no image in SRC"
    path = unquote(parts.path).replace("\\", "/")
    segments = [s for s in path.split("/") if s not in ("", ".")]
    if ".." in segments:
        return "", f"coco_url {url!r} climbs out of its folder (..): it names no image in SRC"
    if not segments or "\x00" in path:
        return "", f"coco_url {url!r} has no file path"
    return posixpath.join(*segments), ""


def image_path(image: Mapping[str, object]) -> tuple[str, str]:
    """(the name a COCO-style image entry gives its file, "") from `file_name`, else `filename` (HIT-UAV's
    normal_json/annotations/*.json spell it so), else from `coco_url`; ("", why not) where it has none or the
    URL names no image."""
    for key in ("file_name", "filename"):
        file_name = image.get(key)
        if isinstance(file_name, str) and file_name.strip():
            return file_name.strip(), ""
    url = image.get(URL_FIELD)
    if isinstance(url, str) and url.strip():
        return url_path(url)
    return "", f'image entry without a "file_name" or a "{URL_FIELD}"'


def url_keys(chunk: bytes) -> list[str]:
    """The paths of the `coco_url`s in a chunk of a file's bytes (detection's sample of keys);
    a URL that names no image is left out."""
    import json

    found = []
    for match in _URL_PATTERN.finditer(chunk):
        try:
            url = json.loads(b'"' + match.group(1) + b'"')
        except ValueError:
            continue
        path, problem = url_path(url) if isinstance(url, str) else ("", "not a string")
        if not problem:
            found.append(path)
    return found
