import os

from hypothesis import settings

# CI runs a fixed, derandomized set of examples so that a landing never depends on luck; locally
# Hypothesis explores new examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
