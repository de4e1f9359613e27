"""Walnut Grove engine benchmark (issue 7): ``PYTHONPATH=. python scripts/bench_walnut_grove.py``.

Its farm geometry is memoised; the caches are emptied before every measurement so no run is
helped by an earlier one.
"""

from domain.games.walnut_grove import GAME, farm
from scripts.engine_bench import bench


def cold_caches() -> None:
    for cached in (farm.farm_cells, farm.farm_areas, farm.slot_goods, farm._canonical_index):
        cached.cache_clear()


if __name__ == "__main__":
    bench(GAME, fresh=cold_caches)
