from tests.hung_model_calls import small_on  # noqa: F401  (a fixture for the deadline tests)
