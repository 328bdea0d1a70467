"""Session reports and audit reports as Markdown or one self-contained HTML file."""
