"""Paths the tests share: the source tree, ../shared/data and an output folder in the build tree."""
import os
import tempfile

SOURCE_DIR = os.environ.get("TS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED_DATA_DIR = os.environ.get("TS_SHARED_DATA_DIR", os.path.join(SOURCE_DIR, "..", "shared", "data"))
SAMPLES = os.path.join(SOURCE_DIR, "samples")


def sample(name):
    return os.path.join(SAMPLES, name)


def output_dir(name):
    """A fresh folder for one test's files (kept for people to look at)."""
    base = os.environ.get("TS_TEST_OUTPUT_DIR") or tempfile.mkdtemp()
    path = os.path.join(base, name)
    os.makedirs(path, exist_ok=True)
    for f in os.listdir(path):
        os.remove(os.path.join(path, f))
    return path
