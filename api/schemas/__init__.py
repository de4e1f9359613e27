"""marshmallow 4 schemas: command bodies (``commands``), query strings (``queries``), responses (``views``).

Field rules live in ``validate=`` objects so they appear in the OpenAPI document (a rule the
document does not show would make schema-valid requests fail).
"""
