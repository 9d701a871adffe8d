"""Operation Causeway: Formosa 1944 (World at War, 2022): the planned Allied invasion of Formosa as a land game.

Not yet a playable game, and so not registered under the ``leyte.games`` entry points: this package holds, for now,
the loader of the game's counters and charts (``data.py``). The data lives in ``scenarios/formosa/``; the rulings
on the rulebook's gaps and OCR garbles, and how each lost chart was rebuilt, are in
``scenarios/formosa/RULINGS.md``.
"""
