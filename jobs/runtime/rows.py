"""Plain SQL for the few rows written on every paid call and step, built once from the model's
fields: the ORM's per-call query building and model instances cost more CPU than the round trip
itself at these rates (issue 17's profile)."""

from __future__ import annotations

from django.db import connection, models
from django.utils import timezone


def update_sql(model, pk, fields: dict) -> tuple[str, list]:
    """UPDATE of row `pk` of `model` setting `fields` (model field names)."""
    meta = model._meta
    sets, params = [], []
    for name, value in fields.items():
        field = meta.get_field(name)
        sets.append(f"{field.column} = %s")
        params.append(field.get_db_prep_save(value, connection))
    return f"UPDATE {meta.db_table} SET {', '.join(sets)} WHERE {meta.pk.column} = %s", [*params, pk]


def _row(model, values: dict) -> tuple[list[str], list]:
    """(columns, parameters) of one new row of `model` from {field name or attname: value}:
    fields not given take their defaults, auto_now_add fields now."""
    columns, params = [], []
    for field in model._meta.concrete_fields:
        name = field.name if field.name in values else field.attname  # "job" or "job_id"
        if field.primary_key and name not in values:
            continue
        if name in values:
            value = values[name]
        elif getattr(field, "auto_now_add", False) or getattr(field, "auto_now", False):
            # now, without building a model instance just to ask its field (this runs per step)
            value = timezone.now() if isinstance(field, models.DateTimeField) else timezone.now().date()
        else:
            value = field.get_default()
        columns.append(field.column)
        params.append(field.get_db_prep_save(value, connection))
    return columns, params


def values_sql(model, rows: list[dict]) -> tuple[list[str], str, list]:
    """(columns, "(%s, ...), (%s, ...)", parameters) of new rows of `model` given the same fields."""
    built = [_row(model, values) for values in rows]
    columns = built[0][0]
    marks = "(" + ", ".join(["%s"] * len(columns)) + ")"
    return columns, ", ".join([marks] * len(built)), [p for _, params in built for p in params]


def insert(model, values: dict):
    """INSERT one row of `model` (fields not given take their defaults, auto_now_add fields
    now); returns its primary key."""
    meta = model._meta
    columns, params = _row(model, values)
    marks = ", ".join(["%s"] * len(columns))
    with connection.cursor() as cur:
        cur.execute(
            f"INSERT INTO {meta.db_table} ({', '.join(columns)}) VALUES ({marks}) RETURNING {meta.pk.column}", params
        )
        return cur.fetchone()[0]
