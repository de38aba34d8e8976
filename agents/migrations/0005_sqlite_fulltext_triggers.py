"""SQLite only: put back the full-text triggers and rebuild the index. Adding a field with an
index (0004) makes SQLite rebuild the documents table, which drops the triggers that keep
documents_fts in step, so every document loaded afterwards was invisible to search."""

from django.db import migrations

TRIGGERS = [
    "DROP TRIGGER IF EXISTS documents_ai",
    "DROP TRIGGER IF EXISTS documents_ad",
    "DROP TRIGGER IF EXISTS documents_au",
    """CREATE TRIGGER documents_ai AFTER INSERT ON documents BEGIN
         INSERT INTO documents_fts(rowid, title, text) VALUES (new.id, new.title, new.text); END""",
    """CREATE TRIGGER documents_ad AFTER DELETE ON documents BEGIN
         INSERT INTO documents_fts(documents_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text); END""",
    """CREATE TRIGGER documents_au AFTER UPDATE OF title, text ON documents BEGIN
         INSERT INTO documents_fts(documents_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
         INSERT INTO documents_fts(rowid, title, text) VALUES (new.id, new.title, new.text); END""",
    # External-content FTS5: rebuild reads every row of documents again.
    "INSERT INTO documents_fts(documents_fts) VALUES ('rebuild')",
]


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in TRIGGERS:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("agents", "0004_document_status")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
