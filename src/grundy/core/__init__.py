"""The game model, nim arithmetic, the Sprague–Grundy engine, sums and searches."""
