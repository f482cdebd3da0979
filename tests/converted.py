"""What the pairs tests (pts_html_test.py, pts_graphs_test.py) share: a file read by iosr as
its JSON model, and the decimals a value is written with."""
import json
import subprocess


def read(iosr, path):
    """The file as `iosr convert --to json` reads it, and the error text when it cannot."""
    run = subprocess.run([iosr, "convert", path, "--to", "json"], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip()
    return json.loads(run.stdout), ""


def decimals(text):
    return len(text.split(".", 1)[1]) if "." in text else 0
