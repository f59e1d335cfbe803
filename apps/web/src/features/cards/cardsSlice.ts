import type { SavedCard } from '@parlor/contract';
import { createSlice } from '@reduxjs/toolkit';
import { createApiThunk } from '../../platform/requests';
import type { RootState } from '../../platform/storeTypes';
import { paymentsApi } from '../payments/paymentsApi';

/** Saved credit cards, as the list GET /v1/cc answers in `data`. */
export interface CardsState {
  items: SavedCard[];
  loaded: boolean;
}

export const loadCards = createApiThunk('cards/load', async () => (await paymentsApi.cards()).data);
export const deleteCard = createApiThunk(
  'cards/delete',
  async (id: string) => (await paymentsApi.deleteCard(id)).data,
);

export const cardsSlice = createSlice({
  name: 'cards',
  initialState: { items: [], loaded: false } as CardsState,
  reducers: {},
  extraReducers: (builder) => {
    for (const thunk of [loadCards, deleteCard]) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.items = action.payload;
        state.loaded = true;
      });
    }
  },
});

export const selectCards = (state: RootState) => state.cards.items;
export const selectCardsLoaded = (state: RootState) => state.cards.loaded;
export const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${card.brand === 'MASTER' ? 'Mastercard' : 'Visa'} •••• ${card.last4}`;
