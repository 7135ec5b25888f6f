import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the charts and parts the console draws: the bundle carries these, not the whole library.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type TEChartOption = echarts.EChartsCoreOption;
export interface TEChartClick {
  seriesIndex?: number;
  dataIndex: number;
  name: string;
  seriesName?: string;
}

/**
 * One ECharts chart: drawn on mount, updated with its option, resized with its box, disposed on unmount.
 * `onClick` gets the clicked item (a bar, a slice, a point) or the column clicked beside it (no seriesIndex),
 * for charts that open the list they count.
 */
export function EChart({
  option,
  onClick,
  height = 260,
  testId,
  label,
}: {
  option: TEChartOption;
  onClick?: (item: TEChartClick) => void;
  height?: number;
  testId?: string;
  /** What the chart shows, for screen readers (a canvas says nothing by itself). */
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clicked = useRef(onClick);
  clicked.current = onClick;
  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current);
    chart.current = instance;
    // A click on a mark (a bar, a slice, a point) is the chart's 'click'; a click beside the marks counts too
    // (after it, when no mark took it): within a grid it is the column under the pointer (a month), on a
    // chart without a grid (a pie) the chart as a whole. Small bars are hard to hit; a column is not.
    let onMark = false;
    instance.on('click', (params) => {
      onMark = true;
      clicked.current?.(params as unknown as TEChartClick);
    });
    instance.getZr().on('click', (event) => {
      const point = [event.offsetX, event.offsetY];
      setTimeout(() => {
        if (onMark || !clicked.current) {
          onMark = false;
          return;
        }
        const grids = (instance.getOption() as { grid?: unknown[] }).grid ?? [];
        if (grids.length === 0) clicked.current({ dataIndex: 0, name: '' });
        else if (instance.containPixel('grid', point)) {
          // A grid finder answers [x, y] in the axes' values: x is the category's index.
          const [x] = instance.convertFromPixel({ gridIndex: 0 }, point) as number[];
          clicked.current({ dataIndex: Math.round(x ?? 0), name: '' });
        }
      }, 0);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return (
    <div ref={box} style={{ height, width: '100%' }} data-testid={testId} role="img" aria-label={label} />
  );
}
