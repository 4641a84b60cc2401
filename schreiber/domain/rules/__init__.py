"""The rules a table plays by: one typed object, ``Rules``, read from a
preset's TOML, a circle's rules file or an evening's stored rules.

Each job in its module: declared.py declares every house rule once (a typed
field of ``Rules`` with its default, meaning and reading), contracts and
premiums; values.py reads and checks one value; build.py builds ``Rules``
from their data; checks.py checks them as a whole, with the checks of the
format they were written in; file.py reads a preset, a rules file or the
stored rules. A preset or ``--rule KEY=VALUE`` may set only the keys
declared; an unknown key is an error that lists the known ones.
"""

from .build import rules_format, rules_from_dict, with_overrides
from .declared import (
    CONTRACT_FIELDS,
    CONTRACT_NOTES,
    INT_RANGES,
    PREMIUM_FIELDS,
    RULES_FORMAT,
    SETTING_BY_KEY,
    SETTINGS,
    Contract,
    Premium,
    Rules,
)
from .file import (
    PRESETS,
    RULES_FILE_MAX,
    bidding_order,
    load_preset,
    load_rules,
    load_rules_file,
    preset_data,
    rules_file_base,
    rules_from_json,
)
from .values import TARIF_MAX_CENTS, RulesError, as_written

__all__ = [
    "CONTRACT_FIELDS",
    "CONTRACT_NOTES",
    "INT_RANGES",
    "PREMIUM_FIELDS",
    "PRESETS",
    "RULES_FILE_MAX",
    "RULES_FORMAT",
    "SETTINGS",
    "SETTING_BY_KEY",
    "TARIF_MAX_CENTS",
    "Contract",
    "Premium",
    "Rules",
    "RulesError",
    "as_written",
    "bidding_order",
    "load_preset",
    "load_rules",
    "load_rules_file",
    "preset_data",
    "rules_file_base",
    "rules_format",
    "rules_from_dict",
    "rules_from_json",
    "with_overrides",
]
