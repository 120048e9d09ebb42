"""Shared helpers of the reliability suites: paths, builds, and the server under test."""
import os
import subprocess

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def build_parser_harness(output):
    subprocess.run([os.path.join(REPO, "Tests/reliability/parser-harness/build.sh"), output], check=True)
