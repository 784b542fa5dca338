"""The executor's argument machinery: which values each tool property may take, built per call from the task's
own inputs and typed by what the property holds (a date, a span, an IANA zone, an expression, SQL, a listed
path...). ARCHITECTURE.md decisions 8 and 11."""
