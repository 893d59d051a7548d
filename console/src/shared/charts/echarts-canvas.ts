// The canvas renderer, loaded only to export a PNG (the screen draws SVG).
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([CanvasRenderer]);
