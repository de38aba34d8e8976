"""Full-text search over documents, one per backend: a GIN index on search_vector in
PostgreSQL; an FTS5 table kept in step by triggers in SQLite (porter stemming)."""

from django.db import migrations

SQLITE_FORWARD = [
    "CREATE VIRTUAL TABLE documents_fts USING fts5(title, text, content='documents', content_rowid='id', tokenize='porter unicode61')",
    """CREATE TRIGGER documents_ai AFTER INSERT ON documents BEGIN
         INSERT INTO documents_fts(rowid, title, text) VALUES (new.id, new.title, new.text); END""",
    """CREATE TRIGGER documents_ad AFTER DELETE ON documents BEGIN
         INSERT INTO documents_fts(documents_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text); END""",
    """CREATE TRIGGER documents_au AFTER UPDATE OF title, text ON documents BEGIN
         INSERT INTO documents_fts(documents_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
         INSERT INTO documents_fts(rowid, title, text) VALUES (new.id, new.title, new.text); END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS documents_au",
    "DROP TRIGGER IF EXISTS documents_ad",
    "DROP TRIGGER IF EXISTS documents_ai",
    "DROP TABLE IF EXISTS documents_fts",
]
POSTGRES_FORWARD = ["CREATE INDEX documents_search_vector_gin ON documents USING gin (search_vector)"]
POSTGRES_BACKWARD = ["DROP INDEX IF EXISTS documents_search_vector_gin"]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for sql in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("agents", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_FORWARD, "postgresql": POSTGRES_FORWARD}),
            _run({"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRES_BACKWARD}),
        ),
    ]
